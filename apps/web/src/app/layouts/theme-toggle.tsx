import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useTheme } from '@/shared/lib/theme.ts';
import { Icon } from '@/shared/ui/icon.tsx';

export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme((s) => s.theme);
  const toggle = useTheme((s) => s.toggle);
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      title={label}
      className="grid size-10 place-items-center rounded-xl text-muted transition-colors hover:bg-raised hover:text-fg"
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
