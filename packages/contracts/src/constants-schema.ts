import { z } from 'zod';
import { text } from './text.ts';

/** Shape of GET /api/settings/constants (`buildConstants()`), for response validation and OpenAPI. */
const idName = z.object({ id: z.union([z.number(), text()]), name: text() });
const idNames = z.array(idName);

export const constantsSchema = z.object({
  player: z.object({
    scenarios: idNames,
    timeZone: z.array(z.object({ id: text(), name: text() })),
    playerStatuses: idNames,
    document: z.object({
      status: idNames,
      type: z.array(z.object({ id: text(), name: text(), section: text() })),
    }),
    limit: z.object({
      definition: idNames,
      status: idNames,
      allPeriod: idNames,
      cashPeriod: idNames,
      coolingOffPeriod: idNames,
      selfExclusionPeriod: idNames,
    }),
    registration: z.object({ phone: z.boolean(), email: z.boolean() }),
    otp: z.object({ enabled: z.boolean(), reason: z.array(text()) }),
    socialAuth: z.array(text()),
    telegram: z.object({ bot: text(), auth_url: text() }).optional(),
    referral: z.object({ enabled: z.boolean(), segmentTypes: idNames, qualificationStatuses: idNames }),
  }),
  payment: z.object({ invoiceStatuses: idNames, invoiceTypes: idNames }),
  game: z.object({
    bet: z.object({ status: idNames, transactionType: idNames, amountType: idNames }),
    spin: z.object({ transactionType: idNames }),
    bonus: z.object({
      triggerType: idNames,
      type: idNames,
      status: idNames,
      wagerSportsbookTicketType: idNames,
      wagerSportsbookStage: idNames,
      payoutBalanceType: idNames,
      wagerCategory: idNames,
      depositBonusDeclineDefault: z.boolean(),
    }),
    playerBonus: z.object({ status: idNames, result: idNames }),
    playerFreespin: z.object({ status: idNames, result: idNames }),
  }),
  quest: z.object({ state: idNames, taskType: idNames }),
  messenger: z.object({ messageState: idNames }),
});
export type ConstantsWire = z.infer<typeof constantsSchema>;
