import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  sub: string;
  ngo: string;
  role: string;
  /** The user's session version when signed; a password reset bumps it and so revokes older tokens. */
  sv: number;
}

const encoder = new TextEncoder();

export function createJwt(secret: string, ttlSeconds: number) {
  const key = encoder.encode(secret);
  return {
    sign: (claims: SessionClaims) =>
      new SignJWT({ ngo: claims.ngo, role: claims.role, sv: claims.sv })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token: string): Promise<SessionClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null;
        return { sub: payload.sub, ngo: String(payload.ngo), role: String(payload.role), sv: payload.sv };
      } catch {
        return null;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;
