import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { Icon } from './icon.tsx';
import { TextField, type TextFieldProps } from './text-field.tsx';

/**
 * A password input with a show/hide button (a pressed toggle, so screen readers say which state it
 * is in). Showing is for checking what was typed; the browser's autocomplete still sees a password.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'end'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      end={
        <button
          type="button"
          aria-pressed={shown}
          aria-label={t('common.showPassword')}
          title={t(shown ? 'common.hidePassword' : 'common.showPassword')}
          onClick={() => setShown((value) => !value)}
          className="grid size-9 place-items-center rounded-lg text-muted transition-colors hover:text-fg"
        >
          <Icon name={shown ? 'eye-off' : 'eye'} className="size-5" />
        </button>
      }
    />
  );
}
