import { CPQ_API, CPQ_TOKEN_HEADER, type CpqSaved, type CpqSaveInput, msg } from '@portal/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import type { Principal } from '../auth/principal.ts';
import {
  assertMayAttach,
  attachToQuote,
  listConfigurations,
  readConfiguration,
  saveConfiguration,
  updateConfiguration,
} from '../domain/configurator/configurations.ts';
import { catalogue, definitionOf } from '../domain/configurator/definitions.ts';
import { linkKey, signLink, verifyLink } from '../domain/configurator/link.ts';
import { commandErrorHandler } from '../http/command-errors.ts';
import { ok } from '../http/envelope.ts';
import { BEARER, PUBLIC, returns } from '../http/openapi.ts';
import { requestLang } from '../http/request-context.ts';
import { requestCaller } from '../records/access.ts';
import type { Services } from '../services.ts';

/** Saves a visitor without a sign-in may make a minute from one address (signed-in callers: SAVES_PER_MINUTE). */
export const ANONYMOUS_SAVES_PER_MINUTE = 10;
const SAVES_PER_MINUTE = 60;

const TAGS = ['configurator'];
const OPTIONAL_BEARER: Record<string, string[]>[] = [{}, { bearerAuth: [] }];
const ID = z.object({ id: z.string().max(64) });
const SAVE = z.object({
  ProductId: z.string().max(64),
  Choices: z.array(z.string().max(64)).max(200),
  ContactName: z.string().max(50).optional(),
  ContactPhone: z.string().max(30).optional(),
  Remark: z.string().max(500).optional(),
  QuoteId: z.string().max(64).optional(),
}) satisfies z.ZodType<CpqSaveInput>;
const LINK = z.object({ token: z.string().max(200) });
const ATTACH = z.object({ QuoteId: z.string().max(64) });
const SAVED = z.object({
  Id: z.string(),
  Number: z.string(),
  Token: z.string(),
  LinkExpiresAt: z.string(),
  Link: z.string().describe('/config/page?token=…'),
  QuoteId: z.string().nullable(),
}) satisfies z.ZodType<CpqSaved>;
const ANY = z.looseObject({});
const tokenOf = (req: FastifyRequest): string | undefined => {
  const t = req.headers[CPQ_TOKEN_HEADER];
  return typeof t === 'string' && t ? t : undefined;
};

/**
 * The product configurator (issue 29; domain/configurator/*). Anonymous: the catalogue, a
 * product's definition, save (rate-limited per client address), the signed link's check, and
 * reading or updating one configuration with its link's token (header x-cpq-token) or as its
 * signed-in owner. Signed in: the caller's own list.
 */
export function configuratorRoutes(app: FastifyInstance, s: Services): void {
  const { db } = s;
  const callerOf = (req: FastifyRequest): Promise<Principal | null> =>
    req.headers.authorization ? s.authenticate(req) : Promise.resolve(null);
  const saved = async (id: string, number: string, quoteId: string | null = null): Promise<CpqSaved> => {
    const { token, expiresAt } = signLink(await linkKey(db), id);
    return {
      Id: id,
      Number: number,
      Token: token,
      LinkExpiresAt: expiresAt.toISOString(),
      Link: `/config/page?token=${token}`,
      QuoteId: quoteId,
    };
  };
  // Per client address, anonymous and signed-in calls counted apart (a visitor's saves do not use up a salesman's at the same office).
  const signedIn = (req: FastifyRequest) => !!req.headers.authorization;
  const saveLimit = {
    rateLimit: {
      max: (req: FastifyRequest) => (signedIn(req) ? SAVES_PER_MINUTE : ANONYMOUS_SAVES_PER_MINUTE),
      timeWindow: 60_000,
      keyGenerator: (req: FastifyRequest) => `cpq-save:${signedIn(req) ? 'user' : 'anon'}:${req.ip}`,
    },
  };

  app.register(async (r) => {
    r.setErrorHandler(commandErrorHandler);

    r.get(
      `${CPQ_API}/products`,
      {
        schema: {
          summary: 'Configurable products on offer: list prices (起价), never costs',
          tags: TAGS,
          security: PUBLIC,
          ...returns(z.array(ANY)),
        },
      },
      async (_req, reply) => {
        reply.header('cache-control', 'no-cache');
        return ok(await catalogue(db));
      },
    );

    r.get(
      `${CPQ_API}/products/:id`,
      {
        schema: {
          summary: "A product's option groups, options with their price deltas, rules (messages in the caller's language) and BOM",
          tags: TAGS,
          security: PUBLIC,
          params: ID,
          ...returns(ANY),
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-cache');
        return ok(await definitionOf(db, (req.params as { id: string }).id, requestLang(req)));
      },
    );

    r.post(
      `${CPQ_API}/configurations`,
      {
        config: saveLimit,
        schema: {
          summary: 'Save a configuration: validated by the rule engine, priced, its BOM kept; answers a short-lived signed link',
          tags: TAGS,
          security: OPTIONAL_BEARER,
          body: SAVE,
          ...returns(SAVED),
        },
      },
      async (req) => {
        const caller = await callerOf(req);
        const input = SAVE.parse(req.body);
        const quoteId = input.QuoteId;
        if (quoteId) assertMayAttach(caller);
        const key = await linkKey(db);
        // Saved and, when a quote is named, put on it in one transaction: refused there, nothing is stored.
        const { id, number } = await db.tx(async (sql) => {
          const made = await saveConfiguration(sql, caller, input, requestLang(req));
          if (quoteId && caller) await attachToQuote(sql, made.id, { caller, key }, quoteId, await requestCaller(sql, req));
          return made;
        });
        return ok(await saved(id, number, quoteId ?? null));
      },
    );

    r.put(
      `${CPQ_API}/configurations/:id`,
      {
        config: saveLimit,
        schema: {
          summary: 'Change a configuration (its owner, or the holder of its link while nobody owns it): validated and priced again',
          tags: TAGS,
          security: OPTIONAL_BEARER,
          params: ID,
          body: SAVE,
          ...returns(SAVED),
        },
      },
      async (req) => {
        const caller = await callerOf(req);
        const input = SAVE.parse(req.body);
        const access = { caller, token: tokenOf(req), key: await linkKey(db) };
        const { id, number } = await db.tx((sql) =>
          updateConfiguration(sql, (req.params as { id: string }).id, access, input, requestLang(req)),
        );
        return ok(await saved(id, number));
      },
    );

    r.get(
      `${CPQ_API}/configurations/:id`,
      {
        schema: {
          summary: 'One configuration: summary, price, BOM (its owner, or with its link token in x-cpq-token)',
          tags: TAGS,
          security: OPTIONAL_BEARER,
          params: ID,
          ...returns(ANY),
        },
      },
      async (req) => {
        const caller = await callerOf(req);
        const key = await linkKey(db);
        return ok(
          await db.tx(async (sql) =>
            readConfiguration(sql, (req.params as { id: string }).id, {
              caller,
              token: tokenOf(req),
              key,
              ...(caller ? { scope: await requestCaller(sql, req) } : {}),
            }),
          ),
        );
      },
    );

    r.post(
      `${CPQ_API}/configurations/:id/attach`,
      {
        preValidation: requireAuth(s.authenticate, 'sales.write'),
        schema: {
          summary: "Put a configuration on a draft CRM quote as a configured line (its owner, or its link's holder while nobody owns it)",
          tags: TAGS,
          security: BEARER,
          params: ID,
          body: ATTACH,
          ...returns(z.object({ QuoteId: z.string(), QuoteNumber: z.string() })),
        },
      },
      async (req) => {
        const { QuoteId } = ATTACH.parse(req.body);
        const access = { caller: req.principal!, token: tokenOf(req), key: await linkKey(db) };
        const done = await db.tx(async (sql) =>
          attachToQuote(sql, (req.params as { id: string }).id, access, QuoteId, await requestCaller(sql, req)),
        );
        return ok({ QuoteId: done.quoteId, QuoteNumber: done.number }, msg('cpq.attached', requestLang(req), { quote: done.number }));
      },
    );

    r.post(
      `${CPQ_API}/link`,
      {
        config: { rateLimit: { max: 120, timeWindow: 60_000 } },
        schema: {
          summary: "Check a signed link's token (/config/page): the configuration it opens, or refused as forged or expired",
          tags: TAGS,
          security: PUBLIC,
          body: LINK,
          ...returns(z.object({ Id: z.string() })),
        },
      },
      async (req) => ok({ Id: verifyLink(await linkKey(db), LINK.parse(req.body).token) }),
    );

    r.get(
      `${CPQ_API}/mine`,
      {
        preValidation: requireAuth(s.authenticate),
        schema: { summary: "The caller's own configurations, newest first", tags: TAGS, security: BEARER, ...returns(z.array(ANY)) },
      },
      async (req) => ok(await listConfigurations(db, req.principal!)),
    );
  });
}
