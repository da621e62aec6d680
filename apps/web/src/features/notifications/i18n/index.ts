import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// The notifications popover and tab read as t('notifications.…').
addTranslations('en', { notifications: en });
addTranslations('de', { notifications: de });
addTranslations('pt-br', { notifications: ptBr });
