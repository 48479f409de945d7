// The API roles' privileges, row level security and the server-side plan of the cloud migrations on PGlite, the local cloud's default database.
import path from 'node:path';
import { openCloudDatabase } from './database';
import { describeGrants } from './grants-suite';
import { describeServerPlan } from './plan-suite';
import { describeRowLevelSecurity } from './rls-suite';
import { describeShareLimits } from './share-limits-suite';
import { describeShares } from './share-suite';

const open = () => openCloudDatabase({ cloudFolder: path.resolve(import.meta.dirname, '..') });
describeGrants(open);
describeRowLevelSecurity(open);
describeServerPlan(open);
describeShares(open);
describeShareLimits(open);
