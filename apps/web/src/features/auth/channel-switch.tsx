import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { cn } from '@/shared/lib/cn.ts';

export type Channel = 'email' | 'phone';

/** E-mail or phone, for the sign-up and sign-in forms: two pressed-state buttons in a fieldset. */
export function ChannelSwitch({
  value,
  onChange,
  label,
}: {
  value: Channel;
  onChange: (c: Channel) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-raised p-1">
      <legend className="sr-only">{label}</legend>
      {(['email', 'phone'] as const).map((channel) => (
        <button
          key={channel}
          type="button"
          aria-pressed={value === channel}
          onClick={() => onChange(channel)}
          className={cn(
            'rounded-lg px-3 py-2 text-sm font-semibold transition-colors',
            value === channel ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
          )}
        >
          {t(`auth.channel.${channel}`)}
        </button>
      ))}
    </fieldset>
  );
}
