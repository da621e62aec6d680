/** Content: static pages, the help centre and bonus pages, stored per locale and served as rich-text blocks. */
export { contentModule } from './manifest.ts';
export { allContent, importContent, seedContent } from './service.ts';
