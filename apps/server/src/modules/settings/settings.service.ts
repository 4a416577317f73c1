import type { CompanyOffice, PublicSettingsAnswer } from '@mediabox/contract';
import { PRODUCT_NAME } from '@mediabox/contract';
import type { Config } from '../../platform/config.js';

/**
 * The operator's offices for imprint and contact pages. The defaults describe the fictional demo
 * operator; a real installation names its own through COMPANY_OFFICES (a JSON array).
 */
export function defaultOffices(companyName: string, supportEmail: string): CompanyOffice[] {
  const domain = supportEmail.split('@')[1] ?? 'example.com';
  return [
    {
      country: 'germany',
      name: companyName,
      street: 'Speicherstraße 12',
      postalCode: '28217',
      city: 'Bremen',
      phone: '+49 421 555 0100',
      email: `info@${domain}`,
      register: 'Amtsgericht Bremen, HRB 00000',
      vatId: 'DE000000000',
      managingDirectors: ['Dr. Anna Bergmann', 'Jonas Feldkamp'],
      contactPersons: [
        {
          name: 'Miriam Kolb',
          role: 'Marketing Services',
          email: `marketing@${domain}`,
          phone: '+49 421 555 0120',
        },
        { name: 'Support', role: 'Mediabox', email: supportEmail, phone: '+49 421 555 0199' },
      ],
    },
    {
      country: 'austria',
      name: `${companyName} Österreich`,
      street: 'Röstergasse 4',
      postalCode: '1100',
      city: 'Wien',
      phone: '+43 1 555 0200',
      email: `info.at@${domain}`,
      register: 'Handelsgericht Wien, FN 000000a',
      vatId: 'ATU00000000',
      managingDirectors: ['Lena Hofer'],
      contactPersons: [
        {
          name: 'Stefan Gruber',
          role: 'Trade Marketing',
          email: `marketing.at@${domain}`,
          phone: '+43 1 555 0210',
        },
      ],
    },
    {
      country: 'switzerland',
      name: `${companyName} Schweiz AG`,
      street: 'Bohnenweg 7',
      postalCode: '8005',
      city: 'Zürich',
      phone: '+41 44 555 0300',
      email: `info.ch@${domain}`,
      register: 'Handelsregister des Kantons Zürich, CHE-000.000.000',
      vatId: 'CHE-000.000.000 MWST',
      managingDirectors: ['Claire Dubois'],
      contactPersons: [
        {
          name: 'Nicolas Weber',
          role: 'Trade Marketing',
          email: `marketing.ch@${domain}`,
          phone: '+41 44 555 0310',
        },
      ],
    },
  ];
}

export function publicSettings(config: Config): PublicSettingsAnswer {
  return {
    productName: PRODUCT_NAME,
    companyName: config.companyName,
    supportEmail: config.supportEmail,
    internalEmailDomains: config.internalEmailDomains,
    offices: config.companyOffices ?? defaultOffices(config.companyName, config.supportEmail),
    // Only with OIDC_* set: without them the answer is as before issue 23.
    ...(config.oidc ? { sso: { label: config.oidc.label } } : {}),
  };
}
