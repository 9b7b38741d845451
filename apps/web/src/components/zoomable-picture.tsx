import { Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useState } from 'react';
import { useLazyModal } from '../lib/use-lazy-modal';
import { lightboxMessages as t } from './lightbox-messages';
import './zoomable-picture.css';

/**
 * A picture that opens in a viewer (lightbox) on click: fitted to the screen first, then at full
 * size (scrolling around it) with 확대 or a click on the picture. Used by every problem viewer
 * and by solve mode, where slides and specimens need a closer look (issue 12 item 8).
 */
export function ZoomablePicture({ src, alt, className }: { src: string; alt: string; className?: string }) {
  // The viewer is mounted on the first click, not with every picture of a list.
  const viewer = useLazyModal();
  const [zoomed, setZoomed] = useState(false);
  const close = () => {
    viewer.close();
    setZoomed(false);
  };
  return (
    <>
      <UnstyledButton className="qbank-zoomable" aria-label={t.open(alt)} aria-haspopup="dialog" onClick={viewer.open}>
        <img className={className} src={src} alt={alt} loading="lazy" decoding="async" />
      </UnstyledButton>
      {viewer.mounted && (
        <Modal opened={viewer.opened} onClose={close} title={alt} size="auto" centered>
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="gray.7">
                {t.hint}
              </Text>
              <Button
                variant="default"
                size="xs"
                aria-pressed={zoomed}
                leftSection={zoomed ? <IconZoomOut size={16} aria-hidden /> : <IconZoomIn size={16} aria-hidden />}
                onClick={() => setZoomed((on) => !on)}
              >
                {zoomed ? t.zoomOut : t.zoomIn}
              </Button>
            </Group>
            <div className="qbank-lightbox-frame" data-zoomed={zoomed}>
              <img src={src} alt={alt} className="qbank-lightbox-picture" onClick={() => setZoomed((on) => !on)} />
            </div>
          </Stack>
        </Modal>
      )}
    </>
  );
}
