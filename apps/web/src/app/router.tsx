import { Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../components/ui/page-loader.tsx';
import { paths } from '../config/paths.ts';
import { useMeQuery } from '../features/auth/auth-api.ts';
// In the entry chunk, not lazy: /login paints with the first script instead of after a second round of requests.
import LoginPage from '../features/auth/components/login-page.tsx';
import { useAppSelector } from './hooks.ts';
import { lazy } from './lazy-page.ts';
import { NotificationToast } from './layout/notification-toast.tsx';
import { LoadingBar } from './layout/loading-bar.tsx';

const loadLayout = () => import('./layout/app-layout.tsx');
const loadWelcome = () => import('../features/welcome/welcome-page.tsx');
const AppLayout = lazy(loadLayout);
const RegisterPage = lazy(() => import('../features/auth/components/register-page.tsx'));
const ForgotPasswordPage = lazy(() => import('../features/auth/components/forgot-password-page.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/reset-password-page.tsx'));
const DocumentationPage = lazy(() => import('../features/documentation/documentation-page.tsx'));
const WelcomePage = lazy(loadWelcome);
const UsersPage = lazy(() => import('../features/users/users-page.tsx'));
const ProfilePage = lazy(() => import('../features/profile/profile-page.tsx'));
const SettingsPage = lazy(() => import('../features/settings/settings-page.tsx'));
const ProductsPage = lazy(() => import('../features/products/components/products-page.tsx'));
const ProductDetailPage = lazy(() => import('../features/products/components/product-detail-page.tsx'));
const SuppliersPage = lazy(() => import('../features/suppliers/components/suppliers-page.tsx'));
const CategoriesPage = lazy(() => import('../features/reference/categories-page.tsx'));
const UnitiesPage = lazy(() => import('../features/reference/unities-page.tsx'));
const UnityBatchesPage = lazy(() => import('../features/reference/unity-batches-page.tsx'));
const StockPage = lazy(() => import('../features/stock/components/stock-page.tsx'));
const LedgerPage = lazy(() => import('../features/stock/components/ledger-page.tsx'));
const HelpPage = lazy(() => import('../features/documentation/help-page.tsx'));
const MovementsPage = lazy(() => import('../features/movements/components/movements-page.tsx'));
const NfePage = lazy(() => import('../features/nfe/components/nfe-page.tsx'));
const CountsPage = lazy(() => import('../features/counts/components/counts-page.tsx'));
const CountPage = lazy(() => import('../features/counts/components/count-page.tsx'));
const InventoryPage = lazy(() => import('../features/inventory/components/inventory-page.tsx'));
const AuditPage = lazy(() => import('../features/audit/audit-page.tsx'));
const ReportsPage = lazy(() => import('../features/reports/components/reports-page.tsx'));

/**
 * Signing in always lands on Início: its shell, page and stylesheet (and, from the page, chart.js) come while the
 * person types and the server checks the password, so the answer finds them in place instead of starting two more
 * rounds of requests (import() fetches each module once, however often this runs).
 */
const preloadHome = () => void Promise.all([loadLayout(), loadWelcome(), import('./app-styles.ts')]);

/** Public pages a signed-in user is sent away from when the app starts (seed §4). */
const REDIRECT_ON_START = new Set<string>([
  paths.login,
  paths.forgotPassword,
  paths.register,
  paths.documentation,
]);

function useStartupSessionCheck() {
  useMeQuery();
  const session = useAppSelector((state) => state.auth.session);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const checked = useRef(false);
  useEffect(() => {
    if (session === null || checked.current) return;
    checked.current = true;
    if (session && REDIRECT_ON_START.has(pathname)) void navigate(paths.welcome, { replace: true });
  }, [session, pathname, navigate]);
}

function RequireSession() {
  const session = useAppSelector((state) => state.auth.session);
  const location = useLocation();
  if (session === null) return <PageLoader />;
  if (!session) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

function Fallback() {
  const session = useAppSelector((state) => state.auth.session);
  if (session === null) return <PageLoader />;
  return <Navigate to={session ? paths.welcome : paths.login} replace />;
}

export function AppRouter() {
  useStartupSessionCheck();
  return (
    <>
      <LoadingBar />
      <NotificationToast />
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path={paths.login} element={<LoginPage prepare={preloadHome} />} />
          <Route path={paths.register} element={<RegisterPage />} />
          <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
          <Route path={paths.documentation} element={<DocumentationPage />} />
          <Route element={<RequireSession />}>
            <Route path={paths.app} element={<AppLayout />}>
              <Route path="welcome" element={<WelcomePage />} />
              {/* admins only: the page itself says "Sem acesso" to anyone else (DESIGN.md §6.7) */}
              <Route path="users" element={<UsersPage />} />
              <Route path="profile" element={<ProfilePage />} />
              <Route path="settings" element={<SettingsPage />} />
              <Route path="products" element={<ProductsPage />} />
              <Route path="products/:productId" element={<ProductDetailPage />} />
              <Route path="suppliers" element={<SuppliersPage />} />
              <Route path="categories" element={<CategoriesPage />} />
              <Route path="unities" element={<UnitiesPage />} />
              <Route path="unity-batches" element={<UnityBatchesPage />} />
              <Route path="stock" element={<StockPage />} />
              <Route path="stock-in" element={<LedgerPage key="in" direction="in" />} />
              <Route path="stock-out" element={<LedgerPage key="out" direction="out" />} />
              <Route path="stock-movement" element={<MovementsPage />} />
              <Route path="nfe" element={<NfePage />} />
              <Route path="help" element={<HelpPage />} />
              <Route path="counts" element={<CountsPage />} />
              <Route path="counts/:countId" element={<CountPage />} />
              <Route path="inventory" element={<InventoryPage />} />
              <Route path="audit" element={<AuditPage />} />
              <Route path="analises" element={<ReportsPage />} />
              <Route path="*" element={<Fallback />} />
            </Route>
          </Route>
          <Route path="*" element={<Fallback />} />
        </Routes>
      </Suspense>
    </>
  );
}
