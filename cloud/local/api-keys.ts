/**
 * The local project's two API keys, as a hosted project's settings show them: the public key (role anon) that
 * the app is configured with, and the server-side key (role service_role) that is never given to a page. Both
 * are signed with the project's JWT secret, so they follow from it.
 */
import { signJwt } from './jwt';

export function apiKeys(jwtSecret: string): { anonKey: string; serviceKey: string } {
  return {
    anonKey: signJwt({ role: 'anon', iss: 'songshelf-local-cloud' }, jwtSecret),
    serviceKey: signJwt({ role: 'service_role', iss: 'songshelf-local-cloud' }, jwtSecret),
  };
}
