import { paths, safeRedirect } from '../../../src/client/app/paths';

describe('paths', () => {
  it('builds the hrefs of the specification’s routes', () => {
    expect(paths.studies.getHref()).toBe('/studies/1');
    expect(paths.login.getHref('/lm/get_users?x=1')).toBe('/login?redirect=%2Flm%2Fget_users%3Fx%3D1');
    expect(paths.systemOwnerLab.getHref('abc')).toBe('/systemowner/lab/abc');
    expect(paths.systemOwnerEditUser.getHref('u1', 'lab1')).toBe('/systemowner/user/u1/edit?labId=lab1');
    expect(paths.systemOwnerRegister.getHref('lab1')).toBe('/systemowner/register/lab1');
    expect(paths.systemOwnerCreateLab.getHref()).toBe('/systemowner/createLab');
  });

  it('follows only redirect targets on this site', () => {
    expect(safeRedirect('/qx/qx_list/2', '/')).toBe('/qx/qx_list/2');
    expect(safeRedirect(null, '/')).toBe('/');
    expect(safeRedirect('https://evil.example', '/')).toBe('/');
    expect(safeRedirect('//evil.example', '/')).toBe('/');
    expect(safeRedirect('/\\evil.example', '/')).toBe('/');
  });
});
