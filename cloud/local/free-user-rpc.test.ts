// Every exposed RPC called by a free user and a listener, on the local cloud's default database (PGlite).
import { describeFreeUserRpcs } from './free-user-rpc-suite';
import { startTestCloud } from './test-support';

describeFreeUserRpcs(() => startTestCloud());
