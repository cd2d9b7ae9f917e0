import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';

/** The phone upload page: no account navigation, since the visitor holds only an upload link. */
export function UploadLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-2xl items-center px-4">
          <Logo />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
