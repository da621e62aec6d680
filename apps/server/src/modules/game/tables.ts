/** The game module's tables, for other modules' foreign keys (the fence lets only this file through). */
export * from './catalogue/tables.ts';
export * from './play/tables.ts';
