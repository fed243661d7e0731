// Signing in as a person does on a guarded page: the guard sends the browser to /signin, the form is
// filled in, and the guard brings the traveller back to the page asked for.
import { expect, type Page } from '@playwright/test';

export async function signInThrough(page: Page, path: string, email: string, password: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
}
