import type { Product } from '@storefront/contracts/catalogue';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { cartaProductPath } from '../../../lib/after-login.ts';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { addTranslations } from '../../../lib/i18n.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import en from '../locales/prompt/en.json';
import es from '../locales/prompt/es.json';

addTranslations('menuPrompt', { es, en });

/**
 * What a visitor's tap on a /carta card answers (issue 28): the list does not order for visitors
 * (spec §2), so the product's name and the way to sign in or register, which then brings them back to
 * this product. Its own chunk: it loads on the first tap, not with the menu.
 */
export default function SignInPrompt({ product, onClose }: { product: Product; onClose(): void }) {
  const { t } = useTranslation('menuPrompt');
  const app = useAppRecord();
  const textId = useId();
  const comeBack = () => storage.set(STORAGE_KEYS.pendingRedirect, cartaProductPath(product.uid));
  return (
    <Modal title={product.title} closeLabel={t('close')} onClose={onClose} describedBy={textId}>
      <p id={textId}>{t(app.allow_signup ? 'text' : 'textNoSignup', { name: product.title })}</p>
      <div className="confirm-actions">
        <Link to="/login" className="button" onClick={comeBack}>
          {t('login')}
        </Link>
        {app.allow_signup && (
          <Link to="/register" className="button secondary" onClick={comeBack}>
            {t('register')}
          </Link>
        )}
      </div>
    </Modal>
  );
}
