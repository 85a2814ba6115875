* read_study.do: reads tasks_long.csv of this export with its types, labels and missing values.
* Run it with the unzipped export as the working folder: do read_study.do
* Moments are Stata %tc date-times without a zone: *_utc in UTC, *_local on the wall clock of the row's timezone.
* Made by the portal from the codebook; README.txt says what each column holds.
* Not run in the portal's tests (Stata has no free runner): checked by a golden file reviewed once.
version 14
import delimited using "tasks_long.csv", varnames(1) case(preserve) encoding("utf-8") delimiters(",") bindquotes(strict) stringcols(_all) clear
* A byte-order mark can hide the first name: it is participant_id.
quietly describe, varlist
local first : word 1 of `r(varlist)'
if "`first'" != "participant_id" rename `first' participant_id

destring stage, replace
generate double zz_t4 = clock(subinstr(substr(planned_utc, 1, 19), "T", " ", 1), "YMDhms")
replace zz_t4 = clock(planned_utc, "YMD") if strlen(planned_utc) == 10
drop planned_utc
rename zz_t4 planned_utc
format planned_utc %tc
generate double zz_t5 = clock(subinstr(substr(planned_local, 1, 19), "T", " ", 1), "YMDhms")
replace zz_t5 = clock(planned_local, "YMD") if strlen(planned_local) == 10
drop planned_local
rename zz_t5 planned_local
format planned_local %tc
destring DAILY_Q1_R1, replace
label define lbl_6 1 `"很好 😀"' 2 `"OK, "fine""'
label values DAILY_Q1_R1 lbl_6
replace DAILY_Q1_R1 = .a if DAILY_Q1_R1 == . & status != "completed"
replace DAILY_Q1_R1 = .b if DAILY_Q1_R1 == .
label define lbl_6 .a `"No answer: prompt not completed (see status)"' .b `"No answer in a completed row (left blank, not shown, or another questionnaire)"', modify
generate long zz_t7 = .
replace zz_t7 = 1 if FEEL_Q1_R1 == `"calm"'
replace zz_t7 = 2 if FEEL_Q1_R1 == `"tense, "anxious""'
drop FEEL_Q1_R1
rename zz_t7 FEEL_Q1_R1
label define lbl_7 1 `"Calm 平静"' 2 `"Tense"'
label values FEEL_Q1_R1 lbl_7
replace FEEL_Q1_R1 = .a if FEEL_Q1_R1 == . & status != "completed"
replace FEEL_Q1_R1 = .b if FEEL_Q1_R1 == .
label define lbl_7 .a `"No answer: prompt not completed (see status)"' .b `"No answer in a completed row (left blank, not shown, or another questionnaire)"', modify
generate zz_t8 = date(DAILY_Q4_R1, "YMD")
drop DAILY_Q4_R1
rename zz_t8 DAILY_Q4_R1
format DAILY_Q4_R1 %td
destring DAILY_Q6_R1, replace
replace DAILY_Q6_R1 = .a if DAILY_Q6_R1 == . & status != "completed"
replace DAILY_Q6_R1 = .b if DAILY_Q6_R1 == .
label define lbl_missing .a `"No answer: prompt not completed (see status)"' .b `"No answer in a completed row (left blank, not shown, or another questionnaire)"', modify
label values DAILY_Q6_R1 lbl_missing
replace DAILY_Q9_R1 = usubinstr(DAILY_Q9_R1, uchar(8232), char(10), .)

label variable participant_id `"participant_id label"'
label variable stage `"stage label"'
label variable status `"status label"'
label variable planned_utc `"planned_utc label"'
label variable planned_local `"planned_local label"'
label variable DAILY_Q1_R1 `"DAILY 1.1: 今天的心情 😀? "quoted" \`tick\` \$HOME"'
label variable FEEL_Q1_R1 `"FEEL_Q1_R1 label"'
label variable DAILY_Q4_R1 `"DAILY_Q4_R1 label"'
label variable DAILY_Q6_R1 `"DAILY 6.1: a long question a long question a long question a long question a lon"'
label variable DAILY_Q9_R1 `"DAILY_Q9_R1 label"'

order participant_id stage status planned_utc planned_local DAILY_Q1_R1 FEEL_Q1_R1 DAILY_Q4_R1 DAILY_Q6_R1 DAILY_Q9_R1
compress
