import { h } from './dom.ts';
import { t } from './i18n.ts';

/** A native modal dialog: focus moves in, Escape closes, focus returns to the opener on close. */
export function createDialog(
  title: string,
  ...content: (Node | string)[]
): { dialog: HTMLDialogElement; body: HTMLElement; open(): void; close(): void } {
  const titleId = `dlg-${Math.random().toString(36).slice(2, 8)}`;
  const body = h('div', { class: 'dialog-body' }, ...content);
  const closeButton = h('button', { type: 'button', class: 'icon-button dialog-close', 'aria-label': t('close') }, '✕');
  const dialog = h(
    'dialog',
    { class: 'dialog', 'aria-labelledby': titleId },
    h('div', { class: 'dialog-head' }, h('h2', { id: titleId }, title), closeButton),
    body,
  );
  closeButton.addEventListener('click', () => dialog.close());
  // A click on the backdrop lands on the <dialog> element itself.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  document.body.append(dialog);
  return {
    dialog,
    body,
    open: () => {
      if (!dialog.open) dialog.showModal();
    },
    close: () => dialog.close(),
  };
}
