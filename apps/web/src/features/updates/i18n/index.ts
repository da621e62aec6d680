import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// Loaded with the feature (after the page), read as t('updates.…').
addTranslations('en', { updates: en });
addTranslations('de', { updates: de });
addTranslations('pt-br', { updates: ptBr });
