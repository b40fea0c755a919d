/**
 * A tiny local OpenID Connect issuer for social sign-in tests: a node:http server publishing a JWKS
 * of a freshly generated RS256 key, and `sign()` to mint ID tokens with it. `signWithForeignKey()`
 * signs with a key the JWKS does not contain, to prove signatures are checked.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export interface OidcIssuer {
  issuer: string;
  jwksUri: string;
  /** Signs claims; defaults: iss = this issuer, iat = now, exp = now + 10 min. `aud` and `sub` are up to the test. */
  sign(claims: JWTPayload): Promise<string>;
  signWithForeignKey(claims: JWTPayload): Promise<string>;
  close(): Promise<void>;
}

export async function startOidcIssuer(): Promise<OidcIssuer> {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = createServer((request, response) => {
    if (request.url === '/jwks') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function signWith(key: CryptoKey, kid: string, claims: JWTPayload): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iss: issuer, iat: now, exp: now + 600, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(key);
  }

  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    sign: (claims) => signWith(keys.privateKey, 'test-key', claims),
    signWithForeignKey: (claims) => signWith(foreign.privateKey, 'test-key', claims),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
