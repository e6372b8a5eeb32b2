import { preloadPage } from './page-modules'
import './styles/global.css'

// The app's entry: small, it imports nothing that waits for the framework, so it runs as soon
// as it arrives. It asks for the page's own modules first, then for the app (React, the router,
// i18n): both download at once, rather than the page's after the app has started
// (docs/bundle-budgets.md, "First paint").
const root = document.getElementById('root')
if (root === null) throw new Error('index.html has no #root element')

preloadPage(window.location.pathname)
void import('./app').then(({ mountApp }) => mountApp(root))
