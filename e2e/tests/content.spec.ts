import path from 'node:path';
import { expect, ops, shot, signUpAndSignIn, test } from '../fixtures.ts';

test('the terms open from the sign-up checkbox, in a new tab that keeps the form', async ({ page }) => {
  await page.goto('/?sign-up');
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  const [terms] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('link', { name: 'Terms and Conditions' }).click(),
  ]);
  await expect(terms.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await expect(terms.getByRole('article').getByRole('link', { name: 'Bonus Terms' })).toHaveAttribute(
    'href',
    '/static/bonus-terms',
  );
  await expect(dialog).toBeVisible();
  await terms.close();
});

test('the help centre lists questions by category; a German visitor gets English where there is no translation', async ({
  page,
}) => {
  await page.goto('/de/questions');
  await expect(page.getByRole('heading', { level: 1, name: 'Hilfe-Center' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wie mache ich eine Spielpause?' })).toBeVisible();
  await page.getByRole('link', { name: 'What is a wagering requirement?' }).click();
  await expect(page).toHaveURL(/\/de\/questions\/wagering$/);
  await expect(page.getByText('Diese Seite ist noch nicht übersetzt')).toBeVisible();
  await expect(page.getByText(/The total you must stake/)).toBeVisible();
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/questions\/wagering$/);
  await shot(page, 'help-question-desktop');
});

test('the language a visitor chose applies on the next visit to /, with collection names translated', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('banner').getByLabel('Language').selectOption('de');
  await expect(page).toHaveURL(/\/de$/);
  // A new visit to the plain address, as from a bookmark.
  await page.goto('/');
  await expect(page).toHaveURL(/\/de$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.goto('/categories/table');
  await expect(page).toHaveURL(/\/de\/categories\/table$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tischspiele' })).toBeVisible();
  // Choosing English again sticks too.
  await page.getByRole('banner').getByLabel('Sprache').selectOption('en');
  await expect(page).toHaveURL(/\/categories\/table$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a content page renders every block type as elements, and a script in content stays text', async ({ page }) => {
  expect(await ops('content', 'import', path.join(import.meta.dirname, '..', 'fixtures-content'))).toContain('1 files');
  page.on('dialog', () => {
    throw new Error('content ran a script');
  });
  await page.goto('/static/e2e-every-block');
  const article = page.getByRole('article');
  for (const level of [1, 2, 3, 4, 5, 6]) await expect(article.getByRole('heading', { level })).toHaveCount(1);
  await expect(article.locator('strong')).toHaveText('bold');
  await expect(article.locator('em')).toHaveText('italic');
  await expect(article.locator('u')).toHaveText('underline');
  await expect(article.locator('s')).toHaveText('strikethrough');
  await expect(article.locator('blockquote')).toHaveText('A quote worth keeping.');
  await expect(article.locator('pre code')).toContainText("const code = 'stays text';");
  await expect(article.getByRole('img', { name: 'A sample picture' })).toBeVisible();
  await expect(article.locator('ol > li')).toHaveCount(2);
  await expect(article.locator('ul > li')).toHaveCount(2);
  const external = article.getByRole('link', { name: 'another site' });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(article.getByText('<script>window.contentScriptRan = true</script>')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { contentScriptRan?: boolean }).contentScriptRan),
  ).toBeUndefined();
});

test('a failed profile check on load keeps the session and offers to try again', async ({ page }) => {
  await signUpAndSignIn(page, 'offline');
  // The network drops the check (no answer from our server is faked): the session must survive it.
  await page.route('**/api/player/profile', (route) => route.abort('internetdisconnected'));
  await page.reload();
  const retry = page.getByRole('banner').getByRole('button', { name: 'Try again' });
  await expect(retry).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('session'))).not.toBeNull();
  await page.unroute('**/api/player/profile');
  await retry.click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
});

test('keyboard sign-in by typing alone: the dialog puts the cursor in the first field', async ({ page }) => {
  const email = await signUpAndSignIn(page, 'keyboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/?sign-in');
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sign in' }).getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('secret-pass-1');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('header-balance')).toBeVisible();
});

test('a guest sent to sign in from a player page comes back to it after signing in', async ({ page }) => {
  const email = await signUpAndSignIn(page, 'return');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/profile/history?tab=bets');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile\/history\?tab=bets$/);
  await expect(page.getByRole('link', { name: 'Bets' })).toHaveAttribute('aria-current', 'page');
});
