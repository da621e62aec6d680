import { addTranslations } from '@/shared/i18n/i18n.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

// The quests hub, its modals and the quest toasts read as t('quests.…').
addTranslations('en', { quests: en });
addTranslations('de', { quests: de });
addTranslations('pt-br', { quests: ptBr });
