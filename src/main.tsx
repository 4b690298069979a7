import 'virtual:uno.css'
import './app/styles.css'
import { bootstrap } from './app/bootstrap'

void bootstrap(document.getElementById('root')!)
