/** A bonus definition as GET /api/admin/bonus/definitions answers it (amounts in major units per currency). */
export type BonusDefinition = {
  id: string;
  name: string;
  enabled: boolean;
  /** 1 fixed cash, 2 a percentage of the deposit, 3 free spins. */
  type: number;
  deposit: boolean;
  amounts: Record<string, string>;
  depositPercentage: number | null;
  maxAmounts: Record<string, string>;
  maxBet: Record<string, string>;
  maxConversion: Record<string, string>;
  freespins: { count: number; game: { identity: string; name: string } | null; stakes: Record<string, string> } | null;
  cashback: { percentage: number; period: string } | null;
  package: { name: string; priority: number } | null;
  promotional: boolean;
  onePerPerson: boolean;
  availableFrom: string | null;
  availableTo: string | null;
  wagerMultiplier: number;
  wagerMultiplierWritten: number;
  contributions: Record<string, number>;
  excludedGames: { identity: string; name: string }[];
  activationDays: number;
  wageringDays: number;
  createdAt: string;
};

/** What kind of offer a definition is, in words. */
export function kindOf(definition: Pick<BonusDefinition, 'type' | 'deposit' | 'cashback'>): string {
  if (definition.cashback) return 'Cashback';
  if (definition.type === 3) return 'Free spins';
  if (definition.type === 2) return 'Deposit %';
  return definition.deposit ? 'Deposit bonus' : 'Cash bonus';
}
