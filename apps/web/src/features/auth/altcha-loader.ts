// Loaded on demand by the ALTCHA widget, so the widget's code only reaches browsers that show it.
import 'altcha';
import 'altcha/i18n/pt-br';
