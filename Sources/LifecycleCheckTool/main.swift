// `lifecycle-lab-check [--format text|json|sarif] PATH…`; `lifecycle-lab check` hands over here.
