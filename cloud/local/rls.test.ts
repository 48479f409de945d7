// Row level security and the server-side plan of the cloud migrations on PGlite, the local cloud's default database.
import path from 'node:path';
import { openCloudDatabase } from './database';
import { describeServerPlan } from './plan-suite';
import { describeRowLevelSecurity } from './rls-suite';
import { describeShares } from './share-suite';

const open = () => openCloudDatabase({ cloudFolder: path.resolve(import.meta.dirname, '..') });
describeRowLevelSecurity(open);
describeServerPlan(open);
describeShares(open);
