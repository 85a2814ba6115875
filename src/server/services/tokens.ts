// Session tokens: HS256 JWTs that name the session row, so that a logout, a changed password or a deleted
// account ends them even before they expire.
import { SignJWT, jwtVerify, errors } from 'jose';

export type AccountKind = 'lab_user' | 'system_owner';

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
}

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims, expiresAt) {
      return new SignJWT({ kind: claims.kind, org: claims.organization })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.accountId)
        .setJti(claims.sessionId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const kind = payload.kind;
        if ((kind !== 'lab_user' && kind !== 'system_owner') || !payload.sub || !payload.jti) return null;
        return {
          sessionId: payload.jti,
          accountId: payload.sub,
          kind,
          organization: typeof payload.org === 'number' ? payload.org : null,
        };
      } catch (err) {
        if (err instanceof errors.JWTExpired) return 'expired';
        return null;
      }
    },
  };
}
