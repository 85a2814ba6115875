// Session tokens: HS256 JWTs that name the session row, so that a logout, a changed password or a deleted
// account ends them even before they expire (the row is checked on every call, in plugins/auth.ts).
import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

/** Staff (lab users, the system owner) and participants: a token names its kind and works only on its own calls. */
export type AccountKind = 'lab_user' | 'system_owner' | 'participant';

export interface TokenClaims {
  sessionId: string;
  accountId: string;
  kind: AccountKind;
  organization: number | null;
}

export interface TokenSigner {
  sign(claims: TokenClaims, expiresAt: Date): Promise<string>;
  /** The claims of a valid token; 'expired' or null for an expired or invalid one. */
  verify(token: string): Promise<TokenClaims | 'expired' | null>;
  /** What verify() answers for a token it verified lately, without a promise; undefined for any other token. */
  known(token: string): TokenClaims | 'expired' | undefined;
}

/** Verified tokens are remembered briefly: checking a signature costs more than the rest of a small call. */
const VERIFIED_CACHE_SIZE = 5000;

interface Verified {
  claims: TokenClaims;
  expiresAtMs: number;
}

export function createTokenSigner(secret: string): TokenSigner {
  // Imported once: jose would otherwise import the raw key on every call.
  const key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  const verified = new Map<string, Verified>();

  function remember(token: string, entry: Verified): void {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, entry);
  }

  function known(token: string): TokenClaims | 'expired' | undefined {
    const entry = verified.get(token);
    if (!entry) return undefined;
    if (entry.expiresAtMs > Date.now()) return entry.claims;
    verified.delete(token);
    return 'expired';
  }

  return {
    async sign(claims, expiresAt) {
      return new SignJWT({ kind: claims.kind, org: claims.organization })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.accountId)
        .setJti(claims.sessionId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key);
    },
    known,
    async verify(token) {
      const seen = known(token);
      if (seen !== undefined) return seen;
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        const kind = payload.kind;
        if ((kind !== 'lab_user' && kind !== 'system_owner' && kind !== 'participant') || !payload.sub || !payload.jti || !payload.exp) return null;
        const claims: TokenClaims = {
          sessionId: payload.jti,
          accountId: payload.sub,
          kind,
          organization: typeof payload.org === 'number' ? payload.org : null,
        };
        remember(token, { claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch (err) {
        if (err instanceof errors.JWTExpired) return 'expired';
        return null;
      }
    },
  };
}
