// The workspace module's public surface for other modules: the marketplace's name and a seller's
// notification preferences (the mail module reads them, and the unsubscribe link turns one off).

export { createWorkspaceService, DEFAULT_NOTIFICATION_PREFERENCES, type WorkspaceService } from './workspace.service';
