# Django has no Filipino formats. Dates in the Philippines read month/day/year, and
# numbers use a decimal point (CLDR "fil"). Month names stay numeric: Django has no
# Filipino month names, and an English month name would break the page's language.
DATE_FORMAT = "n/j/Y"
SHORT_DATE_FORMAT = "n/j/Y"
DATETIME_FORMAT = "n/j/Y g:i A"
SHORT_DATETIME_FORMAT = "n/j/Y g:i A"
TIME_FORMAT = "g:i A"
MONTH_DAY_FORMAT = "n/j"
YEAR_MONTH_FORMAT = "n/Y"
FIRST_DAY_OF_WEEK = 0
DECIMAL_SEPARATOR = "."
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
