/**
 * Renders the modal stack of the ui slice. The stack holds names and props only; this is the one
 * place that maps a name to its (lazily loaded) dialog.
 */
import { Suspense } from 'react';
import { ForgotPasswordDialog, LoginDialog, RegisterDialog, ResetPasswordDialog } from '../../features/auth';
import { ContentDialog } from '../../features/cms';
import { ConfigDialog } from '../../features/config';
import { ShareDialog } from '../../features/share';
import { SpeciesSyncPopup } from '../../features/species/sync/modals';
import { useAppSelector } from '../hooks';
import { selectModals, type ModalEntry } from '../uiSlice';

function ModalView({ entry }: { entry: ModalEntry }) {
  switch (entry.name) {
    case 'login':
      return <LoginDialog modalId={entry.id} {...entry.props} />;
    case 'register':
      return <RegisterDialog modalId={entry.id} {...entry.props} />;
    case 'forgotPassword':
      return <ForgotPasswordDialog modalId={entry.id} {...entry.props} />;
    case 'resetPassword':
      return <ResetPasswordDialog modalId={entry.id} {...entry.props} />;
    case 'config':
      return <ConfigDialog modalId={entry.id} {...entry.props} />;
    case 'share':
      return <ShareDialog modalId={entry.id} />;
    case 'speciesSync':
      return <SpeciesSyncPopup modalId={entry.id} />;
    case 'contentPage':
      return <ContentDialog modalId={entry.id} {...entry.props} />;
  }
}

export function ModalHost() {
  const modals = useAppSelector(selectModals);
  return (
    <Suspense fallback={null}>
      {modals.map((entry) => (
        <ModalView key={entry.id} entry={entry} />
      ))}
    </Suspense>
  );
}
