/**
 * Social sign-in: the client sends the provider's OpenID Connect ID token, and we accept it only if
 * its signature verifies against the provider's published keys (JWKS), its issuer is the
 * provider's and its audience is our client id there. Which providers exist is configuration
 * (GOOGLE_CLIENT_ID, APPLE_CLIENT_ID; tests configure a local issuer the same way).
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { SocialProvider } from '@contract/auth';
import { formatMessage, messages } from '@contract/messages';
import type { Clock } from '../../../clock';
import type { ServerConfig, SocialProviderConfig } from '../../../config';
import { ApiError } from '../../../errors';

export interface SocialIdentity {
  provider: SocialProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
}

const PROVIDER_LABELS: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

export function providerLabel(provider: SocialProvider): string {
  return PROVIDER_LABELS[provider];
}

/** Apple sends `email_verified` as the string "true"; Google as a boolean. */
function claimIsTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

function stringClaim(payload: JWTPayload, name: string): string | null {
  const value = payload[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

export class SocialVerifier {
  private readonly keySets = new Map<SocialProvider, ReturnType<typeof createRemoteJWKSet>>();

  constructor(
    private readonly providers: ServerConfig['socialProviders'],
    private readonly clock: Clock,
  ) {}

  list(): { name: SocialProvider; client_id: string }[] {
    return (Object.entries(this.providers) as [SocialProvider, SocialProviderConfig | undefined][])
      .filter((entry): entry is [SocialProvider, SocialProviderConfig] => entry[1] !== undefined)
      .map(([name, provider]) => ({ name, client_id: provider.clientId }));
  }

  /** The verified identity, or an ApiError with the member-facing reason. */
  async verify(provider: SocialProvider, idToken: string): Promise<SocialIdentity> {
    const config = this.providers[provider];
    const label = providerLabel(provider);
    if (!config) throw new ApiError(400, formatMessage(messages.socialNotConfigured, { provider: label }));
    let keySet = this.keySets.get(provider);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(config.jwksUri), { timeoutDuration: 5000 });
      this.keySets.set(provider, keySet);
    }
    try {
      const { payload } = await jwtVerify(idToken, keySet, {
        issuer: config.issuer,
        audience: config.clientId,
        algorithms: ['RS256', 'ES256'],
        clockTolerance: 60,
        currentDate: new Date(this.clock.now()),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const email = stringClaim(payload, 'email');
      return {
        provider,
        subject: payload.sub ?? '',
        email: email?.trim().toLowerCase() ?? null,
        emailVerified: claimIsTrue(payload.email_verified),
        name: stringClaim(payload, 'name'),
        givenName: stringClaim(payload, 'given_name'),
      };
    } catch (error) {
      // Every verification failure means the same to the member; only an unreachable key server
      // is our problem rather than theirs, and is rethrown so it is logged as a 500.
      if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) {
        throw new ApiError(401, formatMessage(messages.socialInvalid, { provider: label }));
      }
      throw error;
    }
  }
}
