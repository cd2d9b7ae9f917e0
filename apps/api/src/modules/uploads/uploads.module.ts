import { defineModule, type ModuleContext } from '../define-module';
import { uploadRoutes } from './uploads.routes';
import { createUploadsService, type UploadsServiceDependencies } from './uploads.service';

/** A listing's photos, from the browser or a phone (the QR code's upload link). */
export const uploadsModule = defineModule({
  name: 'uploads',
  async register(app, { config, database, files, clock, products }: ModuleContext<Pick<UploadsServiceDependencies, 'products'>>) {
    const uploads = createUploadsService({ db: database.db, files, clock, publicUrl: config.publicUrl, products });
    await app.register(uploadRoutes, { prefix: '/api', uploads });
    // The jobs delete expired upload links.
    return { uploads };
  },
});
