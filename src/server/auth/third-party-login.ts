/**
 * The OAuth 2.0 side of third-party login, through oauth4webapi: the authorization URL (PKCE S256,
 * state, and a nonce when OpenID Connect is asked for), then the callback's checks, the code
 * exchange and the external account's id from the user-info endpoint (validated with zod).
 */
import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import type { ThirdPartyProvider } from './third-party-config.ts';

/** each call to the provider gives up after this long */
const PROVIDER_TIMEOUT_MS = 10_000;

export type Secrets = { state: string; codeVerifier: string; nonce: string };

export function newSecrets(): Secrets {
  return {
    state: oauth.generateRandomState(),
    codeVerifier: oauth.generateRandomCodeVerifier(),
    nonce: oauth.generateRandomNonce(),
  };
}

const isOpenId = (provider: ThirdPartyProvider) => provider.scope.split(/\s+/).includes('openid');

function server(provider: ThirdPartyProvider): oauth.AuthorizationServer {
  return {
    issuer: provider.issuer ?? new URL(provider.authorizationUrl).origin,
    authorization_endpoint: provider.authorizationUrl,
    token_endpoint: provider.tokenUrl,
    userinfo_endpoint: provider.userinfoUrl,
  };
}

function requestOptions(provider: ThirdPartyProvider) {
  // the configuration allows http:// only to this machine (a development or test provider)
  return {
    signal: () => AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    [oauth.allowInsecureRequests]: provider.tokenUrl.startsWith('http:') || provider.userinfoUrl.startsWith('http:'),
  };
}

/** Where the browser goes to log in at the provider. */
export async function authorizationUrl(
  provider: ThirdPartyProvider,
  redirectUri: string,
  secrets: Secrets,
): Promise<string> {
  const url = new URL(provider.authorizationUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', provider.scope);
  url.searchParams.set('state', secrets.state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(secrets.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (isOpenId(provider)) url.searchParams.set('nonce', secrets.nonce);
  return url.href;
}

/**
 * The external account id of a callback: checks the state and the answer, exchanges the code (with
 * the PKCE verifier) and reads `subjectField` from the user info. Throws when anything is off.
 */
export async function externalSubject(
  provider: ThirdPartyProvider,
  callback: URL,
  redirectUri: string,
  secrets: Secrets,
): Promise<string> {
  const as = server(provider);
  const client: oauth.Client = { client_id: provider.clientId };
  const params = oauth.validateAuthResponse(as, client, callback.searchParams, secrets.state);
  const options = requestOptions(provider);
  const tokenResponse = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.ClientSecretPost(provider.clientSecret),
    params,
    redirectUri,
    secrets.codeVerifier,
    options,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    tokenResponse,
    isOpenId(provider) ? { expectedNonce: secrets.nonce } : {},
  );
  const infoResponse = await oauth.userInfoRequest(as, client, tokens.access_token, options);
  if (!infoResponse.ok) throw new Error(`user info answered ${infoResponse.status}`);
  const info = z
    .object({ [provider.subjectField]: z.union([z.string().trim().min(1).max(255), z.number().int().nonnegative()]) })
    .parse(await infoResponse.json());
  return String(info[provider.subjectField]);
}
