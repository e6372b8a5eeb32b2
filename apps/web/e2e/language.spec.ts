import { expect, test, type Page } from '@playwright/test'
import { createAccount, type Account } from './support/accounts'

// One language per screen, chosen once per browser (docs/languages.md, "The language setting").
// Each test has a browser context of its own, so it starts with no setting: English.

const chooseFrenchOnLanding = async (page: Page) => {
  await page.goto('/landing-page')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.getByRole('button', { name: 'FR', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    "La messagerie d'équipe de toute votre organisation",
  )
}

const expectFrenchSignIn = async (page: Page) => {
  await expect(page).toHaveURL(/\/auth$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Se connecter' })).toBeVisible()
  await expect(page.getByLabel('Numéro de téléphone', { exact: true })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
}

const signInInFrench = async (page: Page, account: Account, password = account.password) => {
  await page.getByLabel('Pays', { exact: true }).selectOption('FR')
  await page.getByLabel('Numéro de téléphone', { exact: true }).fill(account.typed)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
}

/** The wall in French: its toggle says so, and so do its buttons. */
const expectFrenchWall = async (page: Page, account: Account) => {
  await expect(page).toHaveURL(/\/wall$/)
  await expect(page.getByTestId('wall-user-name')).toHaveText(account.name)
  const toggle = page.getByRole('group', { name: 'Langue' })
  await expect(toggle.getByRole('button', { name: 'FR', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
}

test('French chosen on the landing page holds on sign-in, the reset, sign-up and the 404 page', async ({
  page,
}) => {
  await chooseFrenchOnLanding(page)
  await page.getByRole('banner').getByRole('link', { name: 'Se connecter' }).click()
  await expectFrenchSignIn(page)

  // The schemas' field messages, in French.
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page.getByText('Veuillez choisir un pays.', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Pouvez-vous indiquer votre numéro de téléphone ?', { exact: true }),
  ).toBeVisible()

  // The forgot-password step.
  await page.getByRole('button', { name: "J'ai oublié mon mot de passe" }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Réinitialiser votre mot de passe' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Envoyer le code' }).click()
  await expect(
    page.getByText('Veuillez saisir le numéro de téléphone.', { exact: true }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Retour à la connexion' }).click()

  // Sign-up.
  await page.getByRole('link', { name: "S'inscrire" }).click()
  await expect(page).toHaveURL(/\/inscription$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Créez votre compte' })).toBeVisible()
  await expect(page.getByText('Étape 1 sur 5', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Pays', { exact: true })).toBeVisible()

  // A new page load reads the setting: the 404 page, then sign-in again.
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/not-found$/)
  await expect(page.getByRole('heading', { name: 'Erreur 404' })).toBeVisible()
  await expect(page.getByText("La page que vous cherchez n'existe pas !")).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await page.goto('/auth')
  await expectFrenchSignIn(page)
})

test('the wall is in French after signing in, and stays so across a log-out and a sign-in', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'Awa Langue')
  await chooseFrenchOnLanding(page)
  await page.getByRole('banner').getByRole('link', { name: 'Se connecter' }).click()
  await expectFrenchSignIn(page)

  // A refusal of the server, in French.
  await signInInFrench(page, account, 'not-the-password')
  await expect(
    page.getByText('Oups, mot de passe incorrect. Réessayez.', { exact: true }),
  ).toBeVisible()
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expectFrenchWall(page, account)

  await page.getByRole('button', { name: 'Se déconnecter' }).click()
  await expectFrenchSignIn(page)
  // Log-out keeps the setting: a new page load still reads French.
  expect(await page.evaluate(() => localStorage.getItem('palabre.language'))).toBe('fr')
  await page.reload()
  await expectFrenchSignIn(page)

  await signInInFrench(page, account)
  await expectFrenchWall(page, account)
})

test('English chosen on the wall holds after a log-out', async ({ page, request }) => {
  const account = await createAccount(request, 'Ana Language')
  await chooseFrenchOnLanding(page)
  await page.getByRole('banner').getByRole('link', { name: 'Se connecter' }).click()
  await signInInFrench(page, account)
  await expectFrenchWall(page, account)

  // The wall's toggle writes the same setting.
  await page.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'EN' }).click()
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
  await expect(page.getByLabel('Phone number', { exact: true })).toBeVisible()
})
