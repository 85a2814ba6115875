// Signing out ends the session on the server, not only in the browser: after Account → Logout the token the
// browser held is refused by the API, so a copy of it is worth nothing.
import type { Page, Request } from 'playwright-core';
import { authMessages } from '../../src/shared/messages';
import { ApiError, seedLab } from './support/api';
import { signInAsLabUser, signInAsOwner, storedToken } from './support/pages';
import { useProduct } from './support/product';
import { OWNER } from './support/server';

const product = useProduct();

/** The status the API answers to a GET with this token. */
async function statusWith(token: string, pathname: string): Promise<number> {
  try {
    await product.api.call('GET', pathname, { token });
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

/** Opens the Account menu, clicks Logout and answers the logout call the page made and the server's answer. */
async function logOut(page: Page): Promise<{ request: Request; status: number; message: string }> {
  await page.getByRole('button', { name: 'Account' }).click();
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/logout'),
    page.getByRole('button', { name: 'Logout' }).click(),
  ]);
  const body = (await response.json()) as { message: string };
  return { request: response.request(), status: response.status(), message: body.message };
}

describe('signing out', () => {
  test('a lab user who clicks Logout leaves a token the API refuses', () =>
    product.journey('lab-user-logout', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      const token = await storedToken(page);
      expect(token).toBeTruthy();
      expect(await statusWith(token as string, '/api/studies?pageNumber=1')).toBe(200);

      const logout = await logOut(page);

      // The call carries no body and says so: no content type for the server to refuse.
      expect(logout.request.method()).toBe('POST');
      expect(await logout.request.headerValue('content-type')).toBeNull();
      expect(logout).toMatchObject({ status: 200, message: authMessages.signedOut });
      await page.waitForURL((url) => url.pathname === '/login');
      expect(await storedToken(page)).toBeNull();
      expect(await statusWith(token as string, '/api/studies?pageNumber=1')).toBe(401);
    }));

  test('the system owner who clicks Logout leaves a token the API refuses', () =>
    product.journey('system-owner-logout', async (page) => {
      await signInAsOwner(page, product.server.mainUrl('/systemowner/login'), OWNER.email, OWNER.password);
      const token = await storedToken(page);
      expect(token).toBeTruthy();
      expect(await statusWith(token as string, '/api/labs')).toBe(200);

      const logout = await logOut(page);

      expect(await logout.request.headerValue('content-type')).toBeNull();
      expect(logout).toMatchObject({ status: 200, message: authMessages.signedOut });
      await page.waitForURL((url) => url.pathname === '/systemowner/login');
      expect(await storedToken(page)).toBeNull();
      expect(await statusWith(token as string, '/api/labs')).toBe(401);
    }));
});
