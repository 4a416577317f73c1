import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/app-providers';
import { createAppRouter } from './app/router';
import { initI18n } from './shared/i18n';
import { configureZod } from './shared/zod-settings';

configureZod();

// Three downloads start side by side rather than one after another: the language's translations,
// and (with the router) the current page's code and its data. The language is chosen first
// because the router's first loaders may switch it (`/en`).
const languageReady = initI18n();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// Text needs its language; rendering before it arrives would only show keys.
void languageReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App client={queryClient} router={router} />
    </StrictMode>,
  ),
);
