import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { Trans, useTranslation } from './use-translation.tsx';

function TermsLink({ children }: { children?: ReactNode }) {
  return <a href="/static/terms">{children}</a>;
}

function Greeting() {
  const { t } = useTranslation();
  return <p>{t('notFound.title')}</p>;
}

describe('useTranslation and Trans', () => {
  it('renders again in the new language when it changes', () => {
    i18n.addTexts('de', { notFound: { title: 'Seite nicht gefunden' } }, true);
    render(<Greeting />);
    const english = screen.getByRole('paragraph').textContent;
    expect(english).not.toBe('notFound.title');
    act(() => i18n.changeLanguage('de'));
    expect(screen.getByRole('paragraph')).toHaveTextContent('Seite nicht gefunden');
  });

  it('puts the code’s elements around the tagged words of a text', () => {
    i18n.addTexts(
      'en',
      { test: { linked: 'I accept the <terms>Terms</terms> and <missing>this</missing>, {who}' } },
      true,
    );
    render(
      <p>
        <Trans i18nKey="test.linked" values={{ who: 'Ana' }} components={{ terms: <TermsLink /> }} />
      </p>,
    );
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/static/terms');
    expect(screen.getByRole('paragraph')).toHaveTextContent('I accept the Terms and <missing>this</missing>, Ana');
  });
});
