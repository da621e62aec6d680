import { BonusCodeForm } from './bonus-code-form.tsx';
import { PendingDepositCodes } from './pending-codes.tsx';

/** The deposit form's bonus code (trigger 3): typed here, it applies to the next paid deposit. */
export function DepositBonusCode() {
  return (
    <div className="space-y-2">
      <BonusCodeForm trigger={3} />
      <PendingDepositCodes />
    </div>
  );
}
