/**
 * The one `app.db` connection of the running app. Only src/db, repository files and live-query hooks
 * import it (style-anchors §4.1); the boot sequence opens it before the first render.
 */
import { FieldmarkDB } from './FieldmarkDB';

export const db = new FieldmarkDB();
