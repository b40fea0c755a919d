/**
 * Share with Friends (SPEC §2): the title, a QR code of the get-the-app link, the link itself, and
 * Share via Social, which opens the device share sheet with the app name and the link (Web Share
 * API). Where there is no share sheet the button copies the link and says so ('Copy Link'). The
 * back arrow closes it.
 *
 * The QR code is an SVG made here (qrcode), shown as an image: no canvas, no request, works offline.
 */
import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/Share';
import QRCode from 'qrcode';
import { formatMessage, messages } from '@contract/messages';
import { product } from '@config/product';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { AppDialog } from '../../ui/AppDialog';
import { browserShareApis, canUseShareSheet, getTheAppLink, shareOrCopy, type ShareData } from './shareLink';

export interface ShareDialogProps {
  modalId: string;
}

const QR_SIZE_PX = 200;

export function ShareDialog({ modalId }: ShareDialogProps) {
  const dispatch = useAppDispatch();
  const link = getTheAppLink(window.location, product.origin);
  const data: ShareData = useMemo(
    () => ({
      title: product.name,
      text: formatMessage(messages.shareText, { product: product.name }),
      url: link,
    }),
    [link],
  );
  const apis = useMemo(() => browserShareApis(), []);
  const hasShareSheet = canUseShareSheet(apis, data);
  const [qrSvg, setQrSvg] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
      .then((svg) => {
        if (isCurrent) setQrSvg(svg);
      })
      .catch((error: unknown) => {
        console.error('The QR code could not be made', error);
      });
    return () => {
      isCurrent = false;
    };
  }, [link]);

  const close = () => dispatch(uiActions.modalClosed(modalId));

  async function share() {
    const outcome = await shareOrCopy(apis, data);
    if (outcome === 'copied')
      dispatch(uiActions.toastShown({ severity: 'success', message: messages.linkCopied }));
    if (outcome === 'failed')
      dispatch(uiActions.toastShown({ severity: 'warning', message: messages.copyFailed }));
  }

  return (
    <AppDialog
      title={messages.shareTitle}
      back={{ label: messages.back, onClick: close }}
      onClose={close}
      actions={
        <Button
          variant="contained"
          startIcon={hasShareSheet ? <ShareIcon /> : <ContentCopyIcon />}
          onClick={() => void share()}
        >
          {hasShareSheet ? messages.shareViaSocial : messages.copyLink}
        </Button>
      }
    >
      <Stack spacing={2} sx={{ alignItems: 'center', pt: 1 }}>
        <Typography>{formatMessage(messages.shareIntro, { product: product.name })}</Typography>
        <Box sx={{ width: QR_SIZE_PX, height: QR_SIZE_PX }}>
          {qrSvg ? (
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
              alt={formatMessage(messages.shareQrAlt, { link })}
              width={QR_SIZE_PX}
              height={QR_SIZE_PX}
              style={{ display: 'block' }}
            />
          ) : (
            <Skeleton variant="rectangular" width={QR_SIZE_PX} height={QR_SIZE_PX} />
          )}
        </Box>
        <Typography component="p" variant="body2" sx={{ wordBreak: 'break-all', userSelect: 'all' }}>
          {link}
        </Typography>
      </Stack>
    </AppDialog>
  );
}
