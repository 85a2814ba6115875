// The console lines of a started server: the addresses to open on each host, how to stop and how to reset; and
// the real compiled server prints them once it listens (npm start runs that server).
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadConfig } from '../../src/server/config';
import { startBanner } from '../../src/server/startBanner';
import { ensureServerBuild, startServerProcess } from './support/serverProcess';

jest.setTimeout(240_000);

describe('startBanner', () => {
  it('names the address to open, both organizations’ hosts, the owner’s sign-in, Ctrl+C and the data folder', () => {
    const banner = startBanner(loadConfig({}), 8080);
    expect(banner).toContain('The portal is ready. Open http://localhost:8080\n');
    expect(banner).toContain('Research Study (organization 1): http://localhost:8080/login');
    expect(banner).toContain('Research Study Green (organization 2): http://dark.localhost:8080/login');
    expect(banner).toContain('System owner: http://localhost:8080/systemowner/login');
    expect(banner).toContain('Participant app: http://localhost:8080/app (organization 2: http://dark.localhost:8080/app)');
    expect(banner).toContain('Stop it with Ctrl+C.');
    expect(banner).toContain('delete ./data (DATA_DIR)');
  });

  it('follows the host settings and the port, and says nothing of deleting a PostgreSQL database', () => {
    const config = loadConfig({ PORTAL_MAIN_HOST: 'portal.test', PORTAL_DARK_SUBDOMAIN: 'green', DATABASE_URL: 'postgres://u:p@db/portal' });
    const banner = startBanner(config, 80);
    expect(banner).toContain('Open http://portal.test\n');
    expect(banner).toContain('http://green.portal.test/login');
    expect(banner).not.toContain('delete');
  });

  it('is printed by the compiled server once it listens, with the port it got', async () => {
    ensureServerBuild();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-banner-'));
    const server = await startServerProcess({ DATA_DIR: dataDir, SYSTEM_OWNER_PASSWORD: 'owner-password-1' });
    try {
      // Written just after it starts listening: give the line a moment to arrive.
      const ready = `The portal is ready. Open http://localhost:${server.port}`;
      for (let i = 0; i < 100 && !server.logs().includes(ready); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.logs()).toContain(ready);
      expect(server.logs()).toContain(`http://dark.localhost:${server.port}/login`);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
