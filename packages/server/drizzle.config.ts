/**
 * drizzle-kit configuration: `npm run db:generate -w @bpa/server` compares the tables declared in
 * src/db/schema/*.ts with the committed migrations in drizzle/ and writes a new SQL migration.
 * The server applies the migrations at start (src/db/migrate-database.ts).
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle',
});
