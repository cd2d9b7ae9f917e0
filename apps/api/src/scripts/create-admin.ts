import { parseArgs } from 'node:util';
import { PASSWORD_MIN_LENGTH } from '@marketplace/contracts/auth';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open-configured-database';
import { guardStartup } from '../lib/startup-failure';
import { createAdmin } from '../modules/auth/create-admin';

// npm run create-admin -- --email E --password P [--first-name F --last-name L]
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string', default: 'Admin' },
    'last-name': { type: 'string', default: 'User' },
  },
});

if (!values.email || !values.password) {
  console.error('Usage: npm run create-admin -- --email E --password P');
  process.exit(2);
}
if (values.password.length < PASSWORD_MIN_LENGTH) {
  console.error(`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  process.exit(2);
}

// A bad setting or an unreachable database: one plain message and exit 1.
const startup = guardStartup();
const database = await openConfiguredDatabase(loadConfig());
startup.started();
try {
  const result = await createAdmin(database.db, {
    email: values.email,
    password: values.password,
    firstName: values['first-name'] ?? 'Admin',
    lastName: values['last-name'] ?? 'User',
  });
  if (!result.ok) {
    console.error(result.error);
    process.exitCode = 1;
  } else {
    console.log(`Admin ${result.user.email} created.`);
  }
} finally {
  await database.close();
}
