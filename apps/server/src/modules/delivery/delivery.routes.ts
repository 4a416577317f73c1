import { CART_LIST_FILENAME, LANGUAGES, endpoints, type Language } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../platform/config.js';
import { requireAuth } from '../../platform/http/auth.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import { sendRanged } from '../../platform/http/ranged-reply.js';
import { route } from '../../platform/http/route.js';
import type { CartService } from '../cart/cart.service.js';
import type { BundleShareService } from './bundle-share.service.js';
import type { BundleService } from './bundle.service.js';
import type { CartSendService } from './cart-send.service.js';
import type { RecipientLinkService } from './recipient-link.service.js';
import { cartSpreadsheet } from './cart-spreadsheet.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const languageOf = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'de';

/**
 * Spec 7.2 (downloads, messages) and 7.4 (`GET /download/{filename}`), under /api; and what spec 7.3
 * makes of the signed-in user's cart: its spreadsheet, a bundle to download, a bundle sent by mail.
 */
export const deliveryRoutes =
  (services: {
    bundles: BundleService;
    share: BundleShareService;
    cart: CartService;
    send: CartSendService;
    links: RecipientLinkService;
    config: Pick<Config, 'publicUrl'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { bundles, share, cart, send, links, config } = services;

    route(app, endpoints.cartList, async (request, reply) => {
      const user = requireAuth(request);
      const lang = languageOf(user.lang);
      const items = await cart.entriesWithAssets(user, lang);
      const file = await cartSpreadsheet(items, {
        lang,
        assetUrl: (assetId) => `${config.publicUrl}/asset/${assetId}`,
      });
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition('attachment', CART_LIST_FILENAME))
        .header('cache-control', 'no-store')
        .send(file);
    });

    route(app, endpoints.cartDownload, async (request) => {
      const user = requireAuth(request);
      const bundle = await bundles.createFromCart(user, { kind: 'download', lang: languageOf(user.lang) });
      return { filename: bundle.filename };
    });

    // A selection as a zip (issue 22.1): bundled like the cart, the cart left as it is.
    route(app, endpoints.assetsDownload, async (request) => {
      const user = requireAuth(request);
      const bundle = await bundles.createFromAssets(user, request.body, languageOf(user.lang));
      return { filename: bundle.filename };
    });

    route(app, endpoints.cartSend, async (request) => {
      const { filename } = await send.send(requireAuth(request), request.body);
      return { success: true as const, filename };
    });

    route(app, endpoints.bundleLink, async (request) => ({
      url: await bundles.link(request.params.filename, requireAuth(request)),
    }));

    route(app, endpoints.downloads, async (request) => ({
      downloads: await bundles.downloads(requireAuth(request)),
    }));

    route(app, endpoints.messages, async (request) => ({
      messages: await bundles.messages(requireAuth(request)),
    }));

    // The link is the key (spec 2.8): no login. HEAD answers the real Content-Length without
    // streaming the zip.
    route(app, endpoints.downloadBundle, async (request, reply) =>
      sendRanged(request, reply, {
        ...(await bundles.download(request.params.filename, request.query, request.auth)),
        // HEAD tells the whole zip's length, whatever the Range.
        headIsWhole: true,
      }),
    );

    // The share page at the link (issue 20.1): the same key, the same 404 and 410 as the zip.
    route(app, endpoints.bundleContents, async (request) => share.contents(request.params.filename));

    // Polled by the cart and share pages while converted files are made (issue 21.4): records nothing.
    route(app, endpoints.bundleProgress, async (request) => bundles.progress(request.params.filename));

    route(app, endpoints.bundleFile, async (request, reply) =>
      sendRanged(request, reply, await share.file(request.params.filename, request.params.position)),
    );

    // A recipient's link (issue 20.2): only its sender or a super user; anyone else meets a 404.
    route(app, endpoints.linkRevoke, async (request) => ({
      link: await links.revoke(requireAuth(request), request.params.name),
    }));
    route(app, endpoints.linkExtend, async (request) => ({
      link: await links.extend(requireAuth(request), request.params.name),
    }));
    route(app, endpoints.linkResend, async (request) => ({
      link: await links.resend(requireAuth(request), request.params.name),
    }));

    // Super users see every link (the route's access is 'super'; delivery reads accounts for the sender).
    route(app, endpoints.adminLinks, async (request) => links.adminList(request.query));
  };
