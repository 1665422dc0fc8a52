import { authStorage } from '../lib/storage';

/** Stores tokens as a signed-in client has them (the quote socket needs one to connect). */
export function signInForTest(accessToken = 'access-1') {
  authStorage.set(
    {
      access_token: accessToken,
      refresh_token: 'refresh-1',
      token_type: 'Bearer',
      expires_in: 900,
      refresh_expires_in: 2_592_000,
    },
    true,
  );
}
