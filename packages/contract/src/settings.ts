import { z } from 'zod';

/** One office of the operating company, shown on the imprint and contact pages. */
export const CompanyOffice = z.object({
  country: z.enum(['germany', 'austria', 'switzerland']),
  name: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  phone: z.string(),
  email: z.string(),
  register: z.string(),
  vatId: z.string(),
  managingDirectors: z.array(z.string()),
  contactPersons: z.array(
    z.object({ name: z.string(), role: z.string(), email: z.string(), phone: z.string() }),
  ),
});
export type CompanyOffice = z.infer<typeof CompanyOffice>;

/**
 * `GET /api/settings` (public): what the app needs before anyone signs in. The operator's name and
 * addresses come from the server's configuration, so the legal pages never hard-code a company.
 */
export const PublicSettingsAnswer = z.object({
  productName: z.string(),
  companyName: z.string(),
  supportEmail: z.string(),
  /** Addresses in these domains are staff (jde); the signup wizard hides the contact person for them. */
  internalEmailDomains: z.array(z.string()),
  offices: z.array(CompanyOffice),
  /** Issue 23: set when staff can sign in with the company account; the login page's button names `label`. */
  sso: z.object({ label: z.string() }).nullable().optional(),
});
export type PublicSettingsAnswer = z.infer<typeof PublicSettingsAnswer>;
