// Calls the real API from Node to set up what a journey needs (labs, managers, users) without clicking
// through screens that another test already covers.
import http from 'node:http';
import type {
  CreateLabBody,
  Lab,
  LabUser,
  LabUserSession,
  LoginBody,
  RegisterByOwnerBody,
  SystemOwnerSession,
} from '../../../src/shared/types/identity';
import type { Organization } from '../../../src/shared/organizations';
import { OWNER, type RunningServer } from './server';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`${status}: ${message}`);
  }
}

export class Api {
  /**
   * `host` is the Host header the server sees (it decides the organization): the main host by default, or
   * e.g. server.darkHost for organization 2. Node's fetch cannot set Host, hence node:http.
   */
  constructor(
    private readonly server: RunningServer,
    private readonly host?: string,
  ) {}

  call<T>(method: string, pathname: string, options: { body?: unknown; token?: string } = {}): Promise<T> {
    const headers: Record<string, string> = {};
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (this.host) headers.host = this.host;
    return new Promise<T>((resolve, reject) => {
      const request = http.request(this.server.apiUrl(pathname), { method, headers, agent: false }, (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (text += chunk));
        answer.on('end', () => {
          const status = answer.statusCode ?? 0;
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          if (status >= 200 && status < 300) return resolve(json as T);
          const message = (json as { message?: string } | undefined)?.message ?? text;
          reject(new ApiError(status, `${method} ${pathname}: ${message}`));
        });
      });
      request.on('error', reject);
      request.end(payload);
    });
  }

  ownerLogin(email: string = OWNER.email, password: string = OWNER.password): Promise<SystemOwnerSession> {
    return this.call('POST', '/api/users/systemowner/login', { body: { email, password } });
  }

  login(body: LoginBody): Promise<LabUserSession> {
    return this.call('POST', '/api/users/login', { body });
  }

  logout(token: string): Promise<{ message: string }> {
    return this.call('POST', '/api/users/logout', { token });
  }

  createLab(ownerToken: string, body: CreateLabBody): Promise<{ message: string; lab: Lab; manager: LabUser }> {
    return this.call('POST', '/api/labs/systemowner/createlab', { body, token: ownerToken });
  }

  registerByOwner(ownerToken: string, labId: string, body: RegisterByOwnerBody): Promise<LabUser> {
    return this.call('POST', `/api/users/systemOwner/register/${labId}`, { body, token: ownerToken });
  }

  labUsers(token: string): Promise<{ users: LabUser[] }> {
    return this.call('GET', '/api/users/lm/getUsers', { token });
  }
}

let seeded = 0;

/** A unique email per call, so journeys in one file never collide. */
export function uniqueEmail(prefix: string): string {
  seeded += 1;
  return `${prefix}-${seeded}-${Date.now().toString(36)}@e2e.test`;
}

export interface SeededLab {
  lab: Lab;
  manager: LabUser;
  managerPassword: string;
}

/** Creates a lab with its manager as the system owner would. */
export async function seedLab(api: Api, organization: Organization = 1, name = 'Sleep and Mood Lab'): Promise<SeededLab> {
  const owner = await api.ownerLogin();
  const managerPassword = 'manager-password-1';
  const { lab, manager } = await api.createLab(owner.token, {
    labName: `${name} ${++seeded}`,
    email: uniqueEmail(`manager${organization}`),
    password: managerPassword,
    organization,
  });
  return { lab, manager, managerPassword };
}
