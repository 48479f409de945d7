// Row level security of the cloud migrations on PGlite, the local cloud's default database.
import path from 'node:path';
import { openCloudDatabase } from './database';
import { describeRowLevelSecurity } from './rls-suite';

describeRowLevelSecurity(() => openCloudDatabase({ cloudFolder: path.resolve(import.meta.dirname, '..') }));
