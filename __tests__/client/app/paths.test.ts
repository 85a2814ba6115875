import { pageFromParam, paths, safeRedirect } from '../../../src/client/app/paths';
import { MAX_PAGE_NUMBER } from '../../../src/shared/limits';

describe('paths', () => {
  it('builds the hrefs of the specification’s routes', () => {
    expect(paths.studies.getHref()).toBe('/studies/1');
    expect(paths.login.getHref('/lm/get_users?x=1')).toBe('/login?redirect=%2Flm%2Fget_users%3Fx%3D1');
    expect(paths.systemOwnerLab.getHref('abc')).toBe('/systemowner/lab/abc');
    expect(paths.systemOwnerEditUser.getHref('u1', 'lab1')).toBe('/systemowner/user/u1/edit?labId=lab1');
    expect(paths.systemOwnerRegister.getHref('lab1')).toBe('/systemowner/register/lab1');
    expect(paths.systemOwnerCreateLab.getHref()).toBe('/systemowner/createLab');
  });

  it('reads a page number from a route, asking for at most the highest page the server accepts', () => {
    expect(pageFromParam(undefined)).toBe(1);
    expect(pageFromParam('4')).toBe(4);
    expect(pageFromParam('0')).toBeNull();
    expect(pageFromParam('-2')).toBeNull();
    expect(pageFromParam('1e3')).toBeNull();
    expect(pageFromParam(String(MAX_PAGE_NUMBER))).toBe(MAX_PAGE_NUMBER);
    expect(pageFromParam('99999999999999999999')).toBe(MAX_PAGE_NUMBER);
  });

  it('follows only redirect targets on this site', () => {
    expect(safeRedirect('/qx/qx_list/2', '/')).toBe('/qx/qx_list/2');
    expect(safeRedirect(null, '/')).toBe('/');
    expect(safeRedirect('https://evil.example', '/')).toBe('/');
    expect(safeRedirect('//evil.example', '/')).toBe('/');
    expect(safeRedirect('/\\evil.example', '/')).toBe('/');
  });
});
